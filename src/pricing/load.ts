import { loadVocabulary } from '../vocabularies'
import { toSpec, type SpecLike } from './cost'
import { describeCounting } from './families'
import { isOpenEncoding, loadOpenVocabulary } from './open-vocabularies'

/** Loads the vocabulary a spec counts with, OpenAI's or an open model's, before counting starts. */
export function loadCountingVocabulary(spec: SpecLike): Promise<void> {
  const { model, wire } = toSpec(spec)
  const { encoding } = describeCounting(model, wire)
  return isOpenEncoding(encoding) ? loadOpenVocabulary(encoding) : loadVocabulary(encoding)
}
