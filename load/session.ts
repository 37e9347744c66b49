// Setup, use and teardown of a profile's state, with setup bounded in time so a dead target cannot hang a run.
import type { Profile, ProfileContext, ProfileState } from './types.js';

export async function withProfile<S extends ProfileState, T>(
  profile: Profile<S>,
  context: ProfileContext,
  use: (state: S) => Promise<T>,
  setupTimeoutMs = 60_000,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`profile ${profile.name}: setup took longer than ${setupTimeoutMs / 1000} s`)), setupTimeoutMs);
  });
  let state: S;
  try {
    state = await Promise.race([profile.setup(context), timeout]);
  } finally {
    clearTimeout(timer);
  }
  try {
    return await use(state);
  } finally {
    await profile.teardown?.(state);
  }
}
