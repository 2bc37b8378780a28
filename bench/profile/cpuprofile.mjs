import { readFileSync } from 'node:fs';

/**
 * Where a V8 CPU profile (node --cpu-prof) spent its samples: self time by package or source
 * area, and the functions with the most self time.
 */

function areaOf(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const server = url.indexOf('/apps/server/src/');
  if (server >= 0)
    return `server: ${url
      .slice(server + '/apps/server/src/'.length)
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  const contract = url.indexOf('/packages/contract/');
  if (contract >= 0) return 'contract';
  return url;
}

export function summarizeCpuProfile(file, { top = 25 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  // Sample i took timeDeltas[i + 1] (the delta to the next sample); the last gets the average.
  const deltas = profile.timeDeltas;
  const average = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  profile.samples.forEach((id, i) => {
    const us = deltas[i + 1] ?? average;
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  });
  const totalUs = profile.endTime - profile.startTime;
  const areas = new Map();
  const functions = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const special = callFrame.functionName.startsWith('(') ? callFrame.functionName : null;
    const area = special ?? areaOf(callFrame.url);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name =
      `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? `${callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${callFrame.lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const busyUs = totalUs - (areas.get('(idle)') ?? 0);
  const share = (us) => Math.round((us / busyUs) * 1000) / 10;
  const sorted = (map) => [...map].sort(([, a], [, b]) => b - a);
  return {
    profiledSeconds: Math.round(totalUs / 1e4) / 100,
    busySeconds: Math.round(busyUs / 1e4) / 100,
    selfTimeByArea: sorted(areas)
      .filter(([area]) => area !== '(idle)')
      .slice(0, top)
      .map(([area, us]) => ({ area, percentOfBusy: share(us) })),
    topFunctions: sorted(functions)
      .filter(([name]) => !name.startsWith('(idle)'))
      .slice(0, top)
      .map(([fn, us]) => ({ function: fn, percentOfBusy: share(us) })),
  };
}
