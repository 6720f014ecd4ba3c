/**
 * The feature modules, in registration order. Each is a Fastify plugin (modules/module.ts)
 * that registers its own routes; the app factory registers them all after the auth plugin.
 */
import type { AppModule } from './module.ts';
import { profilesModule } from './profiles/index.ts';
import { simulatorModule } from './simulator/index.ts';
import { systemModule } from './system/index.ts';

export const MODULES: readonly AppModule[] = [systemModule, profilesModule, simulatorModule];
