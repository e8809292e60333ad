/**
 * The language of a run of text told by its script, for /Lang on the structure elements whose
 * text is in another language than the document's (DECISIONS section 12): an Arabic client name
 * in an English invoice is read by a screen reader's Arabic voice. A script names its usual
 * language; Latin text in a document of another script is taken as English.
 */
const SCRIPTS: Array<[RegExp, string]> = [
  [/\p{Script=Latin}/u, 'en'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Hiragana}|\p{Script=Katakana}/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Lao}/u, 'lo'],
  [/\p{Script=Khmer}/u, 'km'],
  [/\p{Script=Myanmar}/u, 'my'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Bengali}/u, 'bn'],
  [/\p{Script=Gurmukhi}/u, 'pa'],
  [/\p{Script=Gujarati}/u, 'gu'],
  [/\p{Script=Tamil}/u, 'ta'],
  [/\p{Script=Telugu}/u, 'te'],
  [/\p{Script=Kannada}/u, 'kn'],
  [/\p{Script=Malayalam}/u, 'ml'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Georgian}/u, 'ka'],
  [/\p{Script=Armenian}/u, 'hy'],
];

/** Languages written in each script beside its usual one (Persian and Urdu in Arabic, Ukrainian in Cyrillic...). */
const SAME_SCRIPT: Record<string, string> = {
  fa: 'ar', ur: 'ar', ps: 'ar', yi: 'he', mr: 'hi', ne: 'hi', sa: 'hi', as: 'bn', uk: 'ru', bg: 'ru', sr: 'ru', mk: 'ru', be: 'ru', kk: 'ru', ky: 'ru', mn: 'ru',
};

const FIRST_LETTER = /\p{L}/u;

/** The usual language of the script of the first letter of `text`, or undefined for text without letters. */
function scriptLanguage(text: string): string | undefined {
  // Most text is ASCII: a Latin letter after digits or signs at most, or no letter at all (an
  // amount): told without the regular expression (18 us of a 20-item invoice render, CPU profile).
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) {
    const code = text.charCodeAt(i);
    const lower = code | 0x20;
    if (lower >= 0x61 && lower <= 0x7a) return 'en';
    ascii = code < 0x80;
  }
  if (ascii) return undefined;
  const letter = FIRST_LETTER.exec(text)?.[0];
  if (letter === undefined) return undefined;
  // Most text is Latin: one test.
  if (letter < '\u0250') return 'en';
  for (const [script, language] of SCRIPTS) if (script.test(letter)) return language;
  return undefined;
}

/** The script family a document language is written in, by its usual language ("de" -> "en": Latin). Once per document. */
export function documentScript(lang: string): string {
  const language = lang.split('-')[0].toLowerCase();
  if (language === 'ja' || language === 'zh' || language === 'ko') return language;
  const usual = SAME_SCRIPT[language] ?? language;
  return SCRIPTS.some(([, code]) => code === usual) ? usual : 'en';
}

/**
 * The /Lang of an element whose first text is `text`, in a document whose script is `script`
 * (documentScript): the text's language when its script is not the document's, else undefined
 * (it inherits). Japanese and Korean documents hold Han characters as their own.
 */
export function contentLanguage(text: string, script: string): string | undefined {
  const language = scriptLanguage(text);
  if (language === undefined) return undefined;
  if (language === script || (script === 'ja' && language === 'zh') || (script === 'ko' && language === 'zh')) return undefined;
  return language;
}
