export { readConfig, ConfigError, logLevels, type Config, type LogLevel } from './config';
export { openStore, type OpenedStore } from './open-store';
export { startServer, BOOTSTRAP_TOKEN_NAME, type RunningServer } from './start-server';
export { runCli, type CliIo } from './cli-program';
