package aspstate.tds.request;

import aspstate.tds.type.SqlValue;

/**
 * One parameter of an RPC ([MS-TDS] 2.2.6.6 ParameterData).
 *
 * @param name   as sent, with its '@'; empty when the client passes parameters by position
 * @param status StatusFlags: {@link #BY_REF_VALUE} for an output parameter, {@link #DEFAULT_VALUE} to use the default
 * @param value  its type as the client declared it, and its value
 */
public record RpcParameter(String name, int status, SqlValue value) {
    public static final int BY_REF_VALUE = 0x01;
    public static final int DEFAULT_VALUE = 0x02;

    public boolean output() {
        return (status & BY_REF_VALUE) != 0;
    }

    public boolean named() {
        return !name.isEmpty();
    }
}
