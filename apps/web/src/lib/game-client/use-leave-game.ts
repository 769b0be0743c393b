import { useCallback } from 'react';

/** The frame's parent when it is a page of this site; null on its own or under another origin. */
function sameOriginParent(): Window | null {
  try {
    const top = window.top;
    if (!top || top === window.self) return null;
    // Reading another origin's location throws: then the game leaves inside its own frame.
    return top.location.origin === window.location.origin ? top : null;
  } catch {
    return null;
  }
}

/**
 * Leaves the game for `backUrl` (already checked to be a path of this site): in a frame of the
 * site the whole page goes there (not a site inside the frame), otherwise this page does. A full
 * page load, not a route change: the game switched the language for itself only, and the site
 * starts again with the member's own.
 */
export function useLeaveGame(backUrl: string) {
  return useCallback(() => {
    (sameOriginParent() ?? window).location.assign(backUrl);
  }, [backUrl]);
}
