export { createAgentModule } from './agent.module';
