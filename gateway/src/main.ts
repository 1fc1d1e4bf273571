import { Logger } from '@nestjs/common';
import { createGateway, readGatewayConfig } from './app.js';

const config = readGatewayConfig();
const app = await createGateway(config);
await app.listen(config.PORT, config.HOST);
new Logger('gateway').log(`listening on http://localhost:${config.PORT}`);
