// The folders whose unit tests share their workers' loaded modules in npm test (vitest.config.ts, isolate: false):
// their modules keep no state a test could leave behind for the next file (the reference keeps its state per
// organization; the others keep only caches of what they read and compiled), which saves the spec's schemas being
// loaded and compiled again for each file, about a sixth of npm test's CPU. What a test there must not do, since
// the next file would inherit it, test/lint/sharing-modules.test.ts refuses.
export const sharingModulesFolders = ['spec', 'generators', 'reference', 'reports', 'results', 'text'] as const;
