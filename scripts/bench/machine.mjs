import os from 'node:os';

/**
 * The machine a benchmark ran on, printed and recorded with its figures. The load average is there because other
 * work on the machine skews every figure.
 */
export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu: cpus[0]?.model.trim(),
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}
