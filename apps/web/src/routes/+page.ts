// Prerendered: the page's frame (the table's places, empty) is in the HTML, and the Worker adds today's course to
// it (apps/api/src/routes/pages.ts), so the course paints with no request to the API.
export const ssr = true;
export const prerender = true;
