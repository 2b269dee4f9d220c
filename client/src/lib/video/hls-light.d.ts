// hls.js's light build (no subtitles, alternate audio or DRM, which the tables' streams
// do not use) has the full build's types.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
