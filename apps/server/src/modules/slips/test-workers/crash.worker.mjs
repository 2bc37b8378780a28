// A reading worker that dies on every task (slip-reader.test.ts), as a native crash would end it.
export default async function crash() {
  process.exit(70);
}
