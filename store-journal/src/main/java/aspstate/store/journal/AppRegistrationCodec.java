package aspstate.store.journal;

import aspstate.core.sqlstate.AppRegistration;
import java.nio.ByteBuffer;

/** Application ids: the name and its id. Small and never changed in place, so always written whole. */
final class AppRegistrationCodec implements ValueCodec<AppRegistration> {

    @Override
    public boolean samePayload(AppRegistration before, AppRegistration after) {
        return false;
    }

    @Override
    public int size(AppRegistration value, boolean withPayload) {
        return Fields.stringSize(value.appName()) + Integer.BYTES;
    }

    @Override
    public void write(AppRegistration value, boolean withPayload, ByteBuffer out) {
        Fields.putString(out, value.appName());
        out.putInt(value.appId());
    }

    @Override
    public AppRegistration read(ByteBuffer in) {
        String name = Fields.getString(in);
        return new AppRegistration(name, in.getInt());
    }

    @Override
    public AppRegistration readMetadata(ByteBuffer in, AppRegistration before) {
        throw new CorruptRecordException("an application id written without its name");
    }
}
