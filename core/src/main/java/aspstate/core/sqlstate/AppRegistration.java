package aspstate.core.sqlstate;

import aspstate.core.store.StoredValue;

/**
 * One row of the shipped ASPStateTempApplications table: an application name and the id TempGetAppID gave it. It is
 * stored twice, under {@code appname:<name>} (name -> id) and {@code appid:<id>} (id -> name, to detect collisions);
 * see {@link AppIds}. Never expires: an id must stay the same for as long as sessions carry it in their ids.
 *
 * @param appName the name as normalized by {@link AppIds#normalize(String)}
 * @param appId   its id, the hash of the name
 */
public record AppRegistration(String appName, int appId) implements StoredValue {

    @Override
    public long expiresAtMillis() {
        return NEVER;
    }

    @Override
    public long sizeInBytes() {
        return appName.length() + Integer.BYTES;
    }
}
