import Bold from '@tiptap/extension-bold';
import Italic from '@tiptap/extension-italic';
import { markInputRule, markPasteRule } from '@tiptap/react';

/*
 * The markdown shortcuts *italic* and **bold**, except around a template variable: typed or pasted
 * by hand, `*|CPF|*` would become an italic '|CPF|' that no longer names the variable and is never
 * filled in. tiptap's own rules with one more condition: the text inside the stars does not begin
 * or end with '|'. The _italic_ and __bold__ rules are tiptap's (a variable has no leading '_').
 */
export const ITALIC_STAR_INPUT = /(?:^|\s)(\*(?!\s+\*)(?!\|)([^*]+)(?<!\|)\*(?!\s+\*))$/;
export const ITALIC_STAR_PASTE = /(?:^|\s)(\*(?!\s+\*)(?!\|)([^*]+)(?<!\|)\*(?!\s+\*))/g;
const ITALIC_UNDERSCORE_INPUT = /(?:^|\s)(_(?!\s+_)([^_]+)_(?!\s+_))$/;
const ITALIC_UNDERSCORE_PASTE = /(?:^|\s)(_(?!\s+_)([^_]+)_(?!\s+_))/g;
export const BOLD_STAR_INPUT = /(?:^|\s)(\*\*(?!\s+\*\*)(?!\|)([^*]+)(?<!\|)\*\*(?!\s+\*\*))$/;
export const BOLD_STAR_PASTE = /(?:^|\s)(\*\*(?!\s+\*\*)(?!\|)([^*]+)(?<!\|)\*\*(?!\s+\*\*))/g;
const BOLD_UNDERSCORE_INPUT = /(?:^|\s)(__(?!\s+__)([^_]+)__(?!\s+__))$/;
const BOLD_UNDERSCORE_PASTE = /(?:^|\s)(__(?!\s+__)([^_]+)__(?!\s+__))/g;

export const VariableSafeItalic = Italic.extend({
  addInputRules() {
    return [ITALIC_STAR_INPUT, ITALIC_UNDERSCORE_INPUT].map((find) => markInputRule({ find, type: this.type }));
  },
  addPasteRules() {
    return [ITALIC_STAR_PASTE, ITALIC_UNDERSCORE_PASTE].map((find) => markPasteRule({ find, type: this.type }));
  },
});

export const VariableSafeBold = Bold.extend({
  addInputRules() {
    return [BOLD_STAR_INPUT, BOLD_UNDERSCORE_INPUT].map((find) => markInputRule({ find, type: this.type }));
  },
  addPasteRules() {
    return [BOLD_STAR_PASTE, BOLD_UNDERSCORE_PASTE].map((find) => markPasteRule({ find, type: this.type }));
  },
});
