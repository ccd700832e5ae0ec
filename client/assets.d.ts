/** The web font cut to the site's characters (build/font/subset.mjs): its hashed URL under /static/media/. */
declare module 'subset:inter.woff2' {
  const url: string;
  export default url;
}
