/**
 * The compaction package for Node (the CLI, the bench, the tests): the core, with every tokenizer
 * vocabulary available at once. The renderer imports src/core.ts instead, and its workers load
 * the one vocabulary they count with (loadVocabulary), so no thread holds the others.
 */
import { resolveEncoding } from 'gpt-tokenizer/resolveEncoding'
import { provideVocabularies } from './vocabularies'

provideVocabularies(resolveEncoding)

export * from './core'
