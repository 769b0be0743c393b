/*
 * Started by index.html before the site's script. The first Intl object a page makes loads ICU's
 * locale data, whichever kind of format it is: 60-90 ms of the main thread at 4x CPU slowdown
 * (measured), in the middle of the first render. That data is shared by every thread of the
 * page's process, so this worker loads it while the main thread waits for the network, and the
 * money, date and relative-time formats the first screens make afterwards cost a few
 * milliseconds. Nothing waits for it: if it has not finished (or cannot run), the page loads the
 * data itself as before.
 */
try {
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
  new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' }).format(-3, 'minute');
  new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(new Date());
} finally {
  self.close();
}
