// What the interop programs share: how they read the spec's statement texts and how they print what they observe,
// one "name=value" line each, for the Java test that runs them to check. Compiled with each program.
using System;
using System.IO;

static class Observations {
    /** The file's text with {0}, {1}... replaced by the values, as the libraries fill in their texts. */
    public static string Text(string directory, string file, params string[] values) {
        string text = File.ReadAllText(Path.Combine(directory, file));
        for (int i = 0; i < values.Length; i++) {
            text = text.Replace("{" + i + "}", values[i]);
        }
        return text;
    }

    /** Bytes as their length and a checksum, so that long values print short; "null" for none. */
    public static string Describe(object value) {
        if (value == DBNull.Value || value == null) {
            return "null";
        }
        byte[] bytes = (byte[]) value;
        int sum = 0;
        foreach (byte b in bytes) {
            sum = sum * 31 + b;
        }
        return bytes.Length + "/" + sum;
    }

    public static string Show(object value) {
        return value == DBNull.Value ? "null" : value.ToString();
    }

    /** The value of "name=..." in an observation of several "name=value" parts. */
    public static string Field(string observation, string name) {
        foreach (string part in observation.Split(' ')) {
            if (part.StartsWith(name + "=")) {
                return part.Substring(name.Length + 1);
            }
        }
        throw new ArgumentException(name + " not in " + observation);
    }

    public static void Print(string name, object value) {
        Console.WriteLine(name + "=" + value);
    }
}
