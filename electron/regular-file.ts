/** Regular-file reads live in node/ (the file follower needs them too); main imports them here. */
export { FileRefusal, nonRegularKind, readRegularFile } from '../node/regular-file'
