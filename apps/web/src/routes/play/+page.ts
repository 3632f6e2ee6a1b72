// Prerendered: the page's frame (the settings, the table's places, empty) is in the HTML. The game the URL names
// (`?rules=wrap&deal=1234&mode=match&scoring=points`), or the saved one, opens in the browser.
export const ssr = true;
export const prerender = true;
