// A pure single-page app: the API Worker serves build/index.html for every page path.
export const ssr = false;
export const prerender = false;
export const trailingSlash = 'never';
