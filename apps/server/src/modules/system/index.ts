/** The system module: GET /api/health and GET /api/config. No tables of its own. */
export { systemRoutes as systemModule } from './routes.ts';
export { buildAppConfig } from './app-config.ts';
