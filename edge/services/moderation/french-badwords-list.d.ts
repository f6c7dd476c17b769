// french-badwords-list ships no types: its array module is a plain list of words.
declare module "french-badwords-list/dist/array" {
  const words: string[];
  export default words;
}
