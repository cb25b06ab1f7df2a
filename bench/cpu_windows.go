package bench

import "os"

// cpuModel is the PROCESSOR_IDENTIFIER that Windows sets for every process
// ("Intel64 Family 6 Model 158 Stepping 10, GenuineIntel"): the family,
// not the brand name, which only the registry holds; "" if unset.
func cpuModel() string { return os.Getenv("PROCESSOR_IDENTIFIER") }
