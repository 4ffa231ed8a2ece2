/** Side effect only: the sandbox worker's network entry points refuse from here on (see no-network.ts). */
import { refuseNetwork } from './no-network';

refuseNetwork();
