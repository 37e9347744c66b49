// A suite file that cannot load: the runner must report it as an error result, not drop it.
throw new Error('this sample suite file fails while loading');
