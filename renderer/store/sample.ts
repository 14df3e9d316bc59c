import type { OpenedFile } from '../../electron/contract'
// Imported as text and parsed by the core like any file, so the sample takes the same path.
import sampleText from '../../testdata/conversations/sample.json?raw'

/** The bundled conversation the app opens on when no file is given. */
export const SAMPLE_FILE: OpenedFile = { path: null, name: 'sample.json', content: sampleText }
