-- | Phase 3: a list of doubles that is retained whole because it is
-- traversed twice (once for the sum, once for the length).
module Leak.Lists (samplesOf, meanOf, spreadOf) where

samplesOf :: Int -> [Double]
samplesOf n = [fromIntegral ((i * 37) `mod` 1009) / 7 | i <- [1 .. n]]

meanOf :: [Double] -> Double
meanOf xs = sum xs / fromIntegral (length xs)

spreadOf :: [Double] -> Double
spreadOf xs = let m = meanOf xs in maximum (map (\x -> abs (x - m)) xs)
