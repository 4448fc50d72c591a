/** The text of src/core/vocabulary.ts for the rule modules of a registry (the base game first). */
export function renderVocabulary(modules: readonly unknown[]): string;
