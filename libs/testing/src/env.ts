/**
 * Runs `work` with these environment variables set, then puts the environment back as it was (a variable that was
 * unset is unset again): e.g. a unit test that boots a service's config module, which reads process.env.
 */
export async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await work();
  } finally {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}
