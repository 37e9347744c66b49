// Loads a module of the reference that another helper may not have written yet. A missing module gives
// undefined; a module that exists but fails to load is a real error and is thrown.
export async function importOptional<T>(relativeToReference: string): Promise<T | undefined> {
  const url = new URL(`../${relativeToReference}`, import.meta.url);
  try {
    return (await import(url.href)) as T;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    const file = url.pathname.replace(/\.js$/, '');
    const missing =
      (e.code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url|does not exist/i.test(e.message ?? '')) &&
      (e.message ?? '').includes(file.split('/').slice(-2).join('/'));
    if (missing) return undefined;
    throw error;
  }
}
