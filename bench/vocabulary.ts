// Word lists for the benchmark's generated conversations. Real words rather than random code
// points, so the tokenizers meet the merges they meet in practice (and their caches hit as often).

export const ENGLISH = (
  'the of and to in is that it for on with as was be this are by at from have an or not but ' +
  'what all were when we there can been one would will more if has which their do about so ' +
  'file test build error function value request response config server client cache token ' +
  'message conversation summary budget window model agent tool call result output input ' +
  'should could might need want check update change fix run deploy review merge branch commit ' +
  'because however although meanwhile therefore instead probably actually already still ' +
  'user session retry timeout latency memory thread worker queue event handler callback ' +
  'database schema migration index query transaction rollback replica shard partition'
).split(' ')

/** Other Latin-script languages, with the diacritics that push text out of the ASCII fast path. */
export const LATIN = (
  'être très déjà français où naïve garçon problème élève fenêtre château hôpital ' +
  'über Straße Größe müssen fährt Mädchen schön Äpfel Öffnung Übersetzung Zuverlässigkeit ' +
  'años niño mañana está información canción corazón pequeño después él ' +
  'źródło żółw łódź często pięć gęś wiadomość zażółć ' +
  'Tiếng Việt người được những trường hợp không ' +
  'çalışma öğrenci ağaç şehir ılık değil ' +
  'ação coração não informações também'
).split(' ')

export const CYRILLIC = (
  'привет мир сообщение контекст модель ошибка файл проверка запрос ответ сервер ' +
  'пользователь разговор сжатие токен бюджет окно данные функция значение результат ' +
  'потому что однако поэтому сейчас уже ещё очень хорошо'
).split(' ')

export const ARABIC = (
  'مرحبا بالعالم رسالة سياق نموذج خطأ ملف طلب استجابة خادم مستخدم محادثة ضغط رمز ميزانية ' +
  'نافذة بيانات دالة قيمة نتيجة لأن لكن لذلك الآن جدا'
).split(' ')

export const DEVANAGARI = (
  'नमस्ते दुनिया संदेश संदर्भ मॉडल त्रुटि फ़ाइल अनुरोध उत्तर सर्वर उपयोगकर्ता बातचीत सारांश ' +
  'टोकन बजट खिड़की डेटा फ़ंक्शन मान परिणाम क्योंकि लेकिन इसलिए अभी बहुत'
).split(' ')

/** Common Chinese characters; CJK has no spaces, so punctuation is what splits it into pieces. */
export const HAN =
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后' +
  '小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长' +
  '模型上下文压缩摘要令牌预算窗口消息会话工具调用结果输出输入检查更新修复运行部署审查合并分支提交错误文件测试'

export const KANA =
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん' +
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー'

export const HANGUL =
  '안녕하세요 세계 메시지 문맥 모델 오류 파일 요청 응답 서버 사용자 대화 압축 토큰 예산'.split(' ')

/** Emoji as people paste them: single code points, skin tones, ZWJ families, flags, keycaps. */
export const EMOJI = [
  '😀',
  '🎉',
  '🚀',
  '✅',
  '❌',
  '⚠️',
  '🔥',
  '👍',
  '👍🏽',
  '🙏🏿',
  '🤖',
  '🧠',
  '📦',
  '🐛',
  '💡',
  '👩‍💻',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '🇯🇵',
  '🇧🇷',
  '1️⃣',
  '❤️',
  '🫠',
  '🧑🏻‍🔬',
]

/** Strings that are special tokens in some vocabulary: ordinary text in a conversation. */
export const SPECIAL_TOKEN_STRINGS = [
  '<|endoftext|>',
  '<|im_start|>',
  '<|im_end|>',
  '<|fim_prefix|>',
]

export const TOOLS = [
  'read_file',
  'write_file',
  'run_command',
  'search_code',
  'list_directory',
  'http_get',
  'apply_patch',
  'grep',
  'git_diff',
  'run_tests',
]

export const DIRECTORIES = [
  'src',
  'src/core',
  'src/api',
  'lib',
  'internal/store',
  'pkg/cache',
  'app/models',
  'test/unit',
  'scripts',
  'docs',
  'cmd/server',
  'packages/ui/src',
]

export const EXTENSIONS = ['ts', 'tsx', 'py', 'go', 'json', 'md', 'yaml', 'rs', 'sql']

export const IDENTIFIER_PARTS = (
  'user session token cache request handler config budget window message count split keep ' +
  'summary parse load save fetch retry queue worker index item list map node tree edge'
).split(' ')
