/**
 * The characters JSON's structure is made of, as code units: the same in a string (UTF-16) and in
 * its UTF-8 bytes, since all of them are ASCII. The byte walker and the nesting scan both read them.
 */
export const QUOTE = 0x22
export const BACKSLASH = 0x5c
export const COMMA = 0x2c
export const COLON = 0x3a
export const OPEN_OBJECT = 0x7b
export const CLOSE_OBJECT = 0x7d
export const OPEN_ARRAY = 0x5b
export const CLOSE_ARRAY = 0x5d
export const SLASH = 0x2f
export const STAR = 0x2a
export const LINE_FEED = 0x0a
export const CARRIAGE_RETURN = 0x0d
