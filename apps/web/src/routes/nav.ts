/** The sections of the site's nav, each the page at its head and the pages under it. */
export type Section = 'today' | 'practice' | 'standings' | 'archive' | 'me' | 'leagues' | 'stats' | 'rules';

/** The nav's section a path belongs to (a league's invitation is in the leagues'), or null for none (privacy, ...). */
export function sectionOf(path: string): Section | null {
  if (path === '/') return 'today';
  const top = path.split('/')[1];
  switch (top) {
    case 'play':
      return 'practice';
    case 'join':
      return 'leagues';
    case 'standings':
    case 'archive':
    case 'me':
    case 'leagues':
    case 'stats':
    case 'rules':
      return top;
    default:
      return null;
  }
}
