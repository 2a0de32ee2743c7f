/** The simulated radio and what wiring it needs: the radio itself and the seeded random source. */
export * from './physics';
export * from './random';
export * from './simulated-radio';
export * from './virtual-inverter';
