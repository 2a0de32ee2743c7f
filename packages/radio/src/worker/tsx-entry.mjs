// The radio thread run from the TypeScript sources (tests, `npm start -w @dtu-console/gateway`): a worker
// thread does not inherit its parent's tsx loader, so it registers tsx before importing the entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.sourceEntry);
