/**
 * The feature modules, in registration order. Each is a Fastify plugin (modules/module.ts)
 * that registers its own routes; the app factory registers them all after the auth plugin.
 */
import { adminModule } from './admin/index.ts';
import { indicesModule } from './indices/index.ts';
import { leaderboardModule } from './leaderboard/index.ts';
import type { AppModule } from './module.ts';
import { drillsModule } from './drills/index.ts';
import { profilesModule } from './profiles/index.ts';
import { lifetimeModule } from './lifetime/index.ts';
import { recordModule } from './record/index.ts';
import { paymentsModule } from './payments/index.ts';
import { rewardsModule } from './rewards/index.ts';
import { simulatorModule } from './simulator/index.ts';
import { systemModule } from './system/index.ts';
import { tableModule } from './table/index.ts';
import { tournamentsModule } from './tournaments/index.ts';

export const MODULES: readonly AppModule[] = [systemModule, profilesModule, adminModule, leaderboardModule, drillsModule, recordModule, paymentsModule, rewardsModule, simulatorModule, indicesModule, tableModule, lifetimeModule, tournamentsModule];
