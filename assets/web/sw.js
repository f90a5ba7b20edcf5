// The page's service worker (issue 63): the whole game is these few files (every battle, the
// boot camp and the computer opponent are in the wasm), so it keeps them and serves them
// without the network: a tablet plays the computer and the boot camp offline after its first
// visit. `.ci/web` writes the build's own name below; a new build is a new worker, which fetches
// the new files beside the old ones and takes over for the next visit (the game being played
// is never swapped under the player). Anything else (a referee server's /api/…) goes to the
// network as if there were no worker.
const BUILD = 'unbuilt';
const CACHE = 'bayonet-' + BUILD;
const FILES = ['./', 'index.html', 'bayonet.js', 'bayonet_bg.wasm', 'manifest.webmanifest',
  'icon-192.png', 'icon-512.png'];

self.addEventListener('install', (e) => {
  // `reload`: past the browser's HTTP cache, so that the new build's files are the new ones.
  e.waitUntil(caches.open(CACHE)
    .then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('bayonet-') && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  const name = url.pathname.startsWith(scope.pathname) ? url.pathname.slice(scope.pathname.length) : null;
  // The page itself, whatever it asks for after `?` (a battle, a lesson, an invite).
  const page = req.mode === 'navigate' && (name === '' || name === 'index.html');
  if (!page && !FILES.includes(name)) return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(page ? 'index.html' : req, { ignoreSearch: true })
    .then((hit) => hit || fetch(req))));
});
