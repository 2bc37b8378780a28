/**
 * Whether a browser's push endpoint is at a push service we send to: https, on a listed host (a
 * `*.` entry takes its subdomains), at port 443 or, for an entry `host:port`, that port alone.
 * NOTE: the server posts to this address, so an endpoint of the client's choosing must never reach
 * our own network, nor another service of a listed host (its ssh on :22, an admin port).
 */
export function isPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  // The URL parser leaves the port empty for https's own (443, written or not).
  const port = url.port || '443';
  return hosts.some((entry) => {
    const [, name = '', listedPort = '443'] = /^(.*?)(?::(\d+))?$/.exec(entry) ?? [];
    if (port !== String(Number(listedPort))) return false;
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) : host === name;
  });
}
