// The one page built ahead into its own HTML file (build/privacy.html), so it reads in full without running the app:
// plain words that change only with a release. Every other page is the single-page app's (+layout.ts).
export const prerender = true;
export const ssr = true;
