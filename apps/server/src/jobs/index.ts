export { JobQueue, JOB_SCHEMA, type JobContext, type JobDefinition, type JobPolicy, type SendOptions } from './queue.ts';
