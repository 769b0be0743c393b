import type { RoomList } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GLS2_roomList: the brand's card rooms with their stakes and seats (no login needed). */
const getRoomList = () =>
  api.get<RoomList>('/wps/relay/GLS2_roomList', { vassalage: 'HOUSE', gameType: 'PVP' }, { session: false });

const roomListQueryOptions = () =>
  queryOptions({ queryKey: ['houseCards', 'rooms'], queryFn: getRoomList, refetchInterval: 3000 });

/** Refreshed every 3 s while the lobby shows. */
export const useRoomList = (enabled: boolean) => useQuery({ ...roomListQueryOptions(), enabled });
