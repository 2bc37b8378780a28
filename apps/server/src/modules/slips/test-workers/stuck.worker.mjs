// A reading worker that never finishes starting (slip-reader.test.ts): no task reaches it.
await new Promise(() => setInterval(() => {}, 60_000));

export default async function neverCalled() {}
