/** A gateway service: started in order, stopped in reverse order (services.ts holds the one list). */
export interface Service {
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}
