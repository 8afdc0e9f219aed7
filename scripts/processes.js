// @ts-check
// Processes as Linux's /proc and ps show them, for whatever starts the services as processes
// and watches them: scripts/scale.js, the benches and the tests. Plain CommonJS with JSDoc types,
// because scale.js runs without a build; the benches' build compiles it into dist/ beside them
// (allowJs), and the type-check reads its types from here.
'use strict';
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');

const TICKS = 100; // USER_HZ

/**
 * A process's children (a gateway primary's workers); none once it is gone.
 * @param {number} pid
 * @returns {number[]}
 */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time the process has used (utime + stime, /proc/<pid>/stat) in seconds, with a
 * resolution of 10 ms; null once it is gone. The command name may hold spaces and parentheses,
 * so the fields are counted from its closing one.
 * @param {number} pid
 * @returns {number | null}
 */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * Resident memory in MB (one decimal); null once the process is gone.
 * @param {number} pid
 * @returns {number | null}
 */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * The busiest processes on the box outside `ours`, as `comm:percent%` (CPU over their lifetime,
 * as ps says): the machine's conditions next to a measurement.
 * @param {Set<number>} ours
 * @param {{ minPercent: number; most: number }} shown at least that busy, at most that many
 * @returns {string}
 */
function busiestOthers(ours, { minPercent, most }) {
  try {
    const out = execFileSync('ps', ['-eo', 'pid,pcpu,comm', '--sort=-pcpu', '--no-headers'], {
      encoding: 'utf8',
    });
    return out
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f.length >= 3 && !ours.has(Number(f[0])) && Number(f[1]) >= minPercent)
      .slice(0, most)
      .map((f) => `${f[2]}:${f[1]}%`)
      .join(' ');
  } catch {
    return '';
  }
}

module.exports = { childrenOf, cpuSeconds, rssMb, busiestOthers };
