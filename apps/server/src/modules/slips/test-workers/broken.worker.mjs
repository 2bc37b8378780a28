// A reading worker that fails while it starts (slip-reader.test.ts), as a module that does not load.
throw new Error('this reader does not start');
