/**
 * The served home page paints the header bar and its first banner itself (server site-page.ts),
 * over the site's root, so a phone on a slow network sees the brand and the banner before the
 * script, its start-up calls and its first render are done. This takes that paint away once the
 * site has drawn the same thing under it: when its first banner is decoded (the image the page
 * already loaded), or at once when the site shows anything else (no banner, another page, the
 * maintenance or region page, a start-up error) or the page's banner has not finished loading.
 * Nothing moves: the paint is out of the flow.
 */
export function watchFirstPaint(root: HTMLElement): void {
  const paint = document.getElementById('first-paint');
  if (!paint) return;
  const painted = paint.querySelector<HTMLImageElement>('.first-paint-banner img');
  const remove = () => paint.remove();
  const check = () => {
    // Still starting: the boot splash, or the banner area waiting for the banner list.
    if (!root.firstElementChild || root.querySelector('.boot-splash, .banner-frame.skeleton')) return;
    observer.disconnect();
    const banner = root.querySelector<HTMLImageElement>('.banner-frame img');
    // A banner still downloading (a slow link, the script already cached) is nothing to keep on
    // screen: the site, ready, is not held under it, and its own banner shows the same download.
    if (banner && painted?.complete) banner.decode().then(remove, remove);
    else remove();
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  check();
}
