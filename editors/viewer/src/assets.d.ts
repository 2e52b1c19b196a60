// esbuild loads style sheets as text (see build.mjs), so an import of a .css file is a string.
declare module '*.css' {
  const text: string;
  export default text;
}
