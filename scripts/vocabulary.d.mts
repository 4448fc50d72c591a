/**
 * The text of src/core/vocabulary.ts for the rule modules of a registry (the base game first), with
 * the words of each module's documentation (`docs` of its folder, by module name).
 */
export function renderVocabulary(modules: readonly unknown[], docs: Readonly<Record<string, unknown>>, tileIds?: readonly string[]): string;
/** The text of src/api/module-types.ts for the rule modules of a registry: the public types the API takes from the modules' folders. */
export function renderModuleTypes(modules: readonly unknown[], docs: Readonly<Record<string, unknown>>): string;
