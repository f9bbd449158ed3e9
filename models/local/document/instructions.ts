/**
 * What an ask says about its form, not its content: "under 280 chars", "as a table with owners",
 * "in a friendly tone", "3rd person", "Keep it short and professional." The form is read elsewhere (formats.ts,
 * the tone); these words are neither the subject nor a fact to print.
 */

// A form phrase inside the ask's first sentence, up to its colon or end: ", under 280 chars", " as a table with owners".
const formPhrase = /(?:,\s*|\s+)(?:as\s+(?:a\s+)?(?:table|checklist|bulleted\s+list|numbered\s+list|list)(?:\s+with\s+[\w\s]+?)?|in\s+(?:under\s+)?\d+\s+words|(?:in\s+)?(?:under|within|at\s+most|max(?:imum)?|no\s+more\s+than|less\s+than)\s+\d+\s*(?:chars?|characters|words)|in\s+bullets?(?:\s+points)?|(?:(?:written\s+)?in\s+(?:the\s+)?)?(?:1st|first|3rd|third)[\s-]person(?:\s+(?:voice|pov|perspective))?|in\s+(?:a\s+)?[\w-]+\s+tone|(?:in\s+a\s+)?(?:friendly|formal|professional|casual|warm|upbeat|playful)\s+tone|(?:and\s+)?(?:include|add|with)\s+(?:a\s+)?(?:checklist|table|summary|tl;?dr)(?:\s+at\s+the\s+(?:end|top|start|bottom))?)(?=\s*[,:.;!?]|\s*$)/gi;

// How it should read, said after the ask: ", keep it short", ", fun tone", ", something warm",
// ", make it friendly and short", ", short and friendly", ", nothing too formal".
const tones = '(?:short|brief|snappy|simple|sweet|casual|fun|funny|friendly|formal|warm|punchy|light|lighthearted|professional|upbeat|playful|cheerful|serious|informal|personal|concise|catchy|clear)';
const mannerPhrase = new RegExp(
  String.raw`,\s*(?:(?:please\s+)?(?:keep|make)\s+it\s+(?:(?:short|brief)\s+and\s+)?${tones}(?:\s+(?:and|but)\s+${tones})*|${tones}(?:\s+(?:and|but)\s+${tones})*(?:\s+(?:tone|vibe|style|please))?|something\s+${tones}(?:\s+and\s+${tones})?|nothing\s+too\s+(?:long|formal|fancy|salesy|serious)|(?:a\s+)?${tones}\s+(?:tone|vibe|style))(?=\s*[,:.;!?]|\s*$)`,
  'gi',
);

/** The ask without the words about its form. */
export function withoutForm(sentence: string): string {
  return sentence.replace(formPhrase, '').replace(mannerPhrase, '').replace(/\s*,\s*(?=[:.;!?]|$)/, '').trim();
}

// A sentence of the brief that only asks for a form: "Keep it short and professional.", "Use bullet points."
const instruction = /^(?:please\s+)?(?:(?:(?:with|give\s+me|list)\s+)?(?:the\s+)?pros\s+and\s+cons(?:\s+(?:please|of\s+each))?[.!]?$|(?:keep|make)\s+it\s+\w+|use\s+(?:bullet|a\s+table|headings|numbered|short|simple|plain)|write\s+it\s+(?:in|as)\b|it\s+should\s+be\s+(?:short|brief|under|formal|friendly|casual)|(?:tone|format|length)\s*:|(?:max(?:imum)?|under|no\s+more\s+than)\s+\d+\s+(?:words|chars?|characters)|(?:short|brief|concise|professional|friendly|formal|casual)(?:\s+and\s+(?:short|brief|concise|professional|friendly|formal|casual))?(?:\s+(?:please|tone))?[.!]?$)/i;

/** True when the sentence only asks for a form (length, tone, layout). */
export function isInstruction(sentence: string): boolean {
  return instruction.test(sentence.trim());
}
