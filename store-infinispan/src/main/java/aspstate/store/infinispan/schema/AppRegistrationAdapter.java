package aspstate.store.infinispan.schema;

import aspstate.core.sqlstate.AppRegistration;
import aspstate.store.infinispan.SchemaTypeIds;
import org.infinispan.protostream.annotations.ProtoAdapter;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/** The ProtoStream form of a TempGetAppID registration (an application name and its id). */
@ProtoAdapter(AppRegistration.class)
@ProtoTypeId(SchemaTypeIds.APP_REGISTRATION)
public final class AppRegistrationAdapter {

    @ProtoFactory
    AppRegistration create(String appName, int appId) {
        return new AppRegistration(appName, appId);
    }

    @ProtoField(1)
    String getAppName(AppRegistration registration) {
        return registration.appName();
    }

    @ProtoField(number = 2, defaultValue = "0")
    int getAppId(AppRegistration registration) {
        return registration.appId();
    }
}
