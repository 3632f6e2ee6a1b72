// Prerendered: the rules are the same for everyone, so the whole page is in the HTML.
export const ssr = true;
export const prerender = true;
